"""Development tools of a checkout (not installed with the program): ``coverage``, the
card coverage computed from the tests."""
