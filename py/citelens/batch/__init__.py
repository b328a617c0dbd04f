"""Running citelens over many files: a process pool on one machine, Dask on many.

:mod:`~citelens.batch.pool` runs one function per file in worker processes (``citelens analyze --jobs N``),
in input order, with a per-file timeout, and its ``Sandbox`` is the child process in which a Dask worker
analyses its files under the same timeout; it needs only the standard library. :mod:`~citelens.batch.document`
is one input file (PDF, XML or HTML) to its analysis and its table rows; :mod:`~citelens.batch.tables` the
Parquet schemas and the part files; :mod:`~citelens.batch.run` ``citelens batch`` on ``dask.distributed``.
Only ``tables`` and ``run`` import pyarrow and dask (the ``[batch]`` extra), and only when called: the core,
which also runs in Pyodide, never imports this package.
"""
