"""The Qt layer: draws the model and forwards gestures. Only this package imports Qt."""
