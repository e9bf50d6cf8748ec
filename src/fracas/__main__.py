from fracas.cli.main import app

app()
