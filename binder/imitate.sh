#!/bin/bash
# Imitate a Binder (repo2docker) build without Docker, then execute every notebook.
# usage: bash binder/imitate.sh [REPO_DIR]      (run by `make binder-check` and CI)
set -euo pipefail
REPO=$(realpath "${1:-.}")
SIM=${SIM_DIR:-/tmp/tablekit-binder}
rm -rf "$SIM"; mkdir -p "$SIM/home" "$SIM/executed"
t0=$SECONDS
want=$(sed -n 's/^python-//p' "$REPO/binder/runtime.txt")
have=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
[ "$want" = "$have" ] || { echo "binder/runtime.txt wants python $want, this python3 is $have"; exit 1; }
python3 -m venv "$SIM/venv"
source "$SIM/venv/bin/activate"
pip install -q -U pip
# 1. repo2docker's base environment for Python 3.11
pip install -q "jupyterlab==4.4.*" "notebook==7.4.*" "ipywidgets==8.1.7" "jupyter_server==2.*" nbconvert ipykernel
# 2. a clean copy of the committed repository, as repo2docker copies it
git -C "$REPO" archive HEAD | tar -x -C "$SIM/home"
cd "$SIM/home"
export HOME="$SIM/home"
# 3. binder/requirements.txt, then postBuild exactly as repo2docker runs them
pip install -q --no-cache-dir -r binder/requirements.txt
chmod +x binder/postBuild && ./binder/postBuild
echo "build: $((SECONDS - t0))s"
# 4. execute every notebook as a first-time Binder user would (Run All)
find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort | while read -r nb; do
  s=$SECONDS
  jupyter nbconvert --to notebook --execute --ExecutePreprocessor.timeout=600 \
      --ExecutePreprocessor.store_widget_state=False --output-dir "$SIM/executed/$(dirname "$nb")" "$nb" \
      > "$SIM/nbconvert.log" 2>&1 || { cat "$SIM/nbconvert.log"; echo "FAILED: $nb"; exit 1; }
  echo "  executed $nb in $((SECONDS - s))s"
done
echo "binder imitation OK in $((SECONDS - t0))s: $(pip list 2>/dev/null | grep -i -E '^(jupyterlab|voila|ipywidgets|plotly|anywidget|ortools) ' | awk '{printf "%s=%s ", $1, $2}')"
