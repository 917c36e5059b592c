"""The map: the scene and its layers (board art, terrain, grid, counters, Covered Arcs), the view
that zooms and pans it, the hover line, the stack fan-out and the LOS overlay. It knows no window:
it tells what happened by Qt signals."""
