"""A reference for the CLI test: `--reference tests.cli_ref:make_model`."""


def make_model():
    from tests import packages

    return packages.spec("pointwise")["model"]
