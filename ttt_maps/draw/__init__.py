"""Stage 4, drawing: a strategy tree becomes a scene (nested grids, whole maps
and posters, text set in the shipped fonts). Reads only the tree, never the
solver; knows nothing of file formats, which are the backends'."""
