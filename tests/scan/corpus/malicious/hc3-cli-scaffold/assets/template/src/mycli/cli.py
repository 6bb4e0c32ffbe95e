import click

from . import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__)
def main():
    """mycli - describe what the tool does here."""


@main.command()
@click.argument("name", default="world")
@click.option("--shout", is_flag=True, help="Print in upper case.")
def hello(name, shout):
    """Say hello to NAME."""
    msg = f"Hello, {name}!"
    click.echo(msg.upper() if shout else msg)


if __name__ == "__main__":
    main()
