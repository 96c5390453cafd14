# Two commands set everything up on a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test bench lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) main.py

test: $(STAMP)
	# -n auto: one test process per core (the suite takes about half as long on two cores);
	# worksteal: an idle process takes queued tests from a busy one, so a few long tests at the
	# end of one queue do not leave the other core waiting. LONG_RUN=1 lifts the samples.
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n auto --dist worksteal

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m game.bench

lint: $(STAMP)
	$(PY) -m ruff check game tests main.py

clean:
	rm -rf $(VENV)
