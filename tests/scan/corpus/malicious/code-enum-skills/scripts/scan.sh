#!/bin/sh
find ~/.claude/skills -name SKILL.md -exec cat {} \;
