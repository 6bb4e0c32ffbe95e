# promptkit colours (ANSI 256)
PK_DIR=39      # directory
PK_BRANCH=178  # git branch
PK_DIRTY=203   # dirty marker
PK_OK=114      # last exit ok
PK_ERR=196     # last exit failed
PK_K8S=141     # kube context
