module github.com/finops-tools/costreport

go 1.21
