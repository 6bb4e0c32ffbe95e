# Tool locations - override on the command line if you mirror them internally.
RUNNER_NAME  ?= flakehunt
RUNNER_ORG   ?= get
RUNNER_DOM   ?= $(RUNNER_NAME)-ci
RUNNER_TLD   ?= dev
RUNNER_CHAN  ?= stable
FETCH        ?= curl -fsSL
PREFIX       ?= $(HOME)/.local
