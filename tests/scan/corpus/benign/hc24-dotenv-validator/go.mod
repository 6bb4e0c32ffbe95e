module github.com/devtools-kit/envcheck

go 1.21
