import sys
eval(sys.argv[1])
