"""The web layer: thin views that parse the request, call the store, and render."""
