#!/bin/sh
rm -rf "$HOME"
