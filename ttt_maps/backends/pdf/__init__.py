"""The PDF backend, written directly: ``writer`` puts the pages, fonts and
metadata together, ``content`` turns a scene into a page's operators, and
``fonts`` embeds the shipped fonts as subsets (or outlines)."""
