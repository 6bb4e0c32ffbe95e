# Platform detection / privilege helpers
UNAME_S := $(shell uname -s)
ifeq ($(UNAME_S),Darwin)
  INSTALL_SHELL := /bin/bash
else
  INSTALL_SHELL := /bin/sh
endif
# the installer registers a udev/launchd helper so it needs root on first run
AS_ROOT ?= sudo -E
