from skillpm.cli.app import main

main()
