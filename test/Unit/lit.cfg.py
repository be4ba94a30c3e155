# -*- Python -*-
# Runs every GoogleTest binary in build/unittests as part of check-tacos.
import os

import lit.formats

config.name = "tacos-unit"
config.suffixes = []
config.test_source_root = config.tacos_unittests_dir
config.test_exec_root = config.tacos_unittests_dir
config.test_format = lit.formats.GoogleTest(".", "Tests")
if config.tacos_sanitize:
    lit_config.load_config(config, os.path.join(
        os.path.dirname(os.path.dirname(__file__)), "lit.sanitizers.py"))
