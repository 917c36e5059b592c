"""Rehearsal: a drop on the map becomes an action; the popup shows the rules' answer (options,
DRM, odds, dice) and commits it; the phase bar, the action log, dice statistics and the rulebook
examples. It knows no window: the window hands it the scene, the undo stack and a small host."""
