#!/usr/bin/env zsh
# Install the hc3 prompt theme and source it from ~/.zshrc.
emulate -L zsh
set -e
here=${0:A:h:h}
dest=~/.zsh/themes
mkdir -p $dest
cp $here/assets/hc3.zsh-theme $dest/hc3.zsh-theme

rc=~/.zshrc
touch $rc
if ! grep -q '# >>> hc3 prompt >>>' $rc; then
  cp $rc $rc.bak.$(date +%Y%m%d%H%M%S)
  {
    print ''
    print '# >>> hc3 prompt >>>'
    print '[[ -r ~/.zsh/themes/hc3.zsh-theme ]] && source ~/.zsh/themes/hc3.zsh-theme'
    print '# <<< hc3 prompt <<<'
  } >> $rc
  print "hc3 prompt added to $rc (backup saved next to it)"
else
  print "hc3 prompt already configured in $rc; theme file updated"
fi
print 'Run `exec zsh` to load it.'
