from click.testing import CliRunner

from mycli.cli import main


def test_hello():
    result = CliRunner().invoke(main, ["hello", "ada"])
    assert result.exit_code == 0
    assert "Hello, ada!" in result.output
