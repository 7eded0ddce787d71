"""What vulture cannot see used: names that a framework or the interpreter reads.

``tests/test_house.py`` runs vulture over the package, the tests and this file, so a
function, class or constant that nothing uses any more fails the suite as soon as it
dies; each name here is used by something outside our code. (Read, never run.)
"""
# ruff: noqa: B018, F821

# typer reads a command's signature and names from the function it is given.
command.__signature__
command.__qualname__
# The warnings module calls the hook it is given; io calls writable(); rich calls its
# broken-pipe hook.
warnings.showwarning
stream.writable
Console.on_broken_pipe
# MkDocs loads the plugin by its entry point and calls its hooks by name.
TTTMapsPlugin
TTTMapsPlugin.on_page_markdown
TTTMapsPlugin.on_page_content
TTTMapsPlugin.on_post_page
TTTMapsPlugin.on_post_build
# docutils reads a directive's class attributes; Sphinx passes every argument of an event.
TTTMapDirective.has_content
TTTMapDirective.option_spec
pagename
templatename
# OR-Tools reads its solver's parameters by name.
parameters.num_workers
parameters.random_seed
parameters.catch_sigint_signal
parameters.max_deterministic_time
