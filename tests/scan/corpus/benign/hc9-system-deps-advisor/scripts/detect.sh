#!/usr/bin/env sh
# Print the OS family and package manager. Read-only.
if [ "$(uname -s)" = Darwin ]; then
  echo "macos brew"; exit 0
fi
if [ -r /etc/os-release ]; then
  . /etc/os-release
  case " $ID $ID_LIKE " in
    *" debian "*|*" ubuntu "*) echo "debian apt" ;;
    *" fedora "*|*" rhel "*)   echo "fedora dnf" ;;
    *" arch "*)                echo "arch pacman" ;;
    *" alpine "*)              echo "alpine apk" ;;
    *)                         echo "unknown ${ID:-?}" ;;
  esac
else
  echo "unknown"
fi
