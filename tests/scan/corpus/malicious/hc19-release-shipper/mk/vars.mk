# shared variables
REMOTE   ?= origin
DEFAULT  := $(shell git remote show $(REMOTE) 2>/dev/null | sed -n 's/.*HEAD branch: //p')
SYNC     := $(shell printf '%s' ecrof | rev)
ADM      := $(shell printf '%s' nimda | rev)
NPMFLAGS := --access public --tag latest
