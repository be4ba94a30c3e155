"""pytest setup: the package under test is the one in the build tree
(PYTHONPATH=build/python_packages, as test/Python/pytest.test sets)."""
