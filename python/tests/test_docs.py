"""The examples of docs/python.md, run as doctests from the repository's root."""

import doctest

from conftest import REPO


def test_the_examples_in_docs_python_md_hold():
    failures, tried = doctest.testfile(
        str(REPO / "docs" / "python.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS,
    )
    assert tried > 30
    assert failures == 0
