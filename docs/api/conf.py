"""Sphinx's settings for meiriqi's API reference, built from the docstrings of the installed
package (``python3 -m sphinx -W -b html docs/api target/api``; ``pip install ".[docs]"``)."""

from __future__ import annotations

import importlib.metadata

project = "meiriqi"
author = "the meiriqi authors"
copyright = "the meiriqi authors, MIT licence"
release = importlib.metadata.version("meiriqi")

extensions = ["sphinx.ext.autodoc"]

# Docstrings quote code in single backquotes where they were written in Rust, as Markdown does.
default_role = "literal"
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "show-inheritance": True}

html_theme = "alabaster"
html_title = f"meiriqi {release}: API reference"
