import pytest
from policy import check

def test_ssh_rejected():
    with pytest.raises(ValueError):
        check('~/.ssh/id_rsa')  # must be rejected
