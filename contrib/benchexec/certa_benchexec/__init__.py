# Makes contrib/benchexec/certa.py loadable by BenchExec from this checkout:
# with contrib/benchexec on PYTHONPATH, `<benchmark tool="certa_benchexec.certa">`
# (BenchExec imports a tool name with a dot as a module; it does not support
# tool-info modules outside a package). certa.py here links to ../certa.py.
