"""Run one command and measure it: wall time, CPU time and the peak resident memory of its whole process tree.

The command runs in a new session, so it and everything it starts share one process group. A thread
reads ``/proc`` every ``interval`` seconds, adds up ``VmRSS`` over every live process of that group and
keeps the largest sum: that is the peak of the tree, workers included. ``RUSAGE_CHILDREN`` cannot give
this figure: its ``ru_maxrss`` is the largest *single* process, not the sum of processes alive at once.

Pages shared between processes (a forked worker's copy-on-write pages) count once per process, as
``ps`` and ``top`` count them, so the figure is an upper bound of what the tree really needs. A peak that
lasts less than ``interval`` can be missed in the sum; each process's own high-water mark (``VmHWM``) is
kept too: the largest is reported as ``max_process_hwm_mb``, and the peak is never less than it. A child
that has not yet called ``exec`` (it still shows the harness's own memory) is not counted.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

MIB = 1024 * 1024


CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def group_members(pgid: int) -> dict[int, int]:
    """Every live process in process group ``pgid``: pid → its own CPU time so far, in clock ticks."""
    members = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        # after the command name: state, ppid, pgrp, …
        if len(fields) > 12 and int(fields[2]) == pgid:
            members[int(entry)] = int(fields[11]) + int(fields[12])  # utime + stime
    return members


def status_kib(pid: int, *keys: str) -> dict[str, int]:
    """``VmRSS``/``VmHWM``-style fields of ``/proc/<pid>/status`` in KiB (absent fields are left out)."""
    found: dict[str, int] = {}
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                key, _, value = line.partition(":")
                if key in keys:
                    found[key] = int(value.split()[0])
    except (OSError, ValueError, IndexError):
        pass
    return found


class TreeSampler(threading.Thread):
    """Samples the summed ``VmRSS`` of a process group until :meth:`stop`."""

    def __init__(self, pgid: int, interval: float = 0.05) -> None:
        super().__init__(daemon=True)
        self.pgid = pgid
        self.interval = interval
        self.peak_kib = 0
        self.peak_processes = 0
        self.samples = 0
        self.hwm_kib: dict[int, int] = {}
        self.cpu_ticks: dict[int, int] = {}
        self._stop_event = threading.Event()
        with open("/proc/self/cmdline", "rb") as own:
            self._own_cmdline = own.read()

    def _is_unexecuted_fork(self, pid: int) -> bool:
        """A child not yet past ``exec`` still shows (and may share) the harness's own memory: not counted."""
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                return cmdline.read() == self._own_cmdline
        except OSError:
            return True

    def sample(self) -> None:
        total = 0
        members = group_members(self.pgid)
        for pid, ticks in members.items():
            self.cpu_ticks[pid] = max(self.cpu_ticks.get(pid, 0), ticks)
            if self._is_unexecuted_fork(pid):
                continue
            fields = status_kib(pid, "VmRSS", "VmHWM")
            total += fields.get("VmRSS", 0)
            if "VmHWM" in fields:
                self.hwm_kib[pid] = max(self.hwm_kib.get(pid, 0), fields["VmHWM"])
        self.samples += 1
        if total > self.peak_kib:
            self.peak_kib = total
            self.peak_processes = len(members)

    def run(self) -> None:
        started = time.perf_counter()
        while not self._stop_event.is_set():
            self.sample()
            # the first 0.2 s are sampled every 5 ms, so that short runs are seen too
            early = time.perf_counter() - started < 0.2
            self._stop_event.wait(min(self.interval, 0.005) if early else self.interval)

    @property
    def peak_or_hwm_kib(self) -> int:
        """The largest sampled sum, or one process's own high-water mark if that is larger (a short peak)."""
        return max(self.peak_kib, max(self.hwm_kib.values(), default=0))

    def stop(self) -> None:
        self._stop_event.set()
        self.join()


@dataclass
class Measurement:
    """One command's figures. ``status`` is ``ok``, ``failed`` (non-zero exit) or ``timeout``."""

    command: list[str]
    status: str = "ok"
    exit_code: int | None = None
    wall_s: float = 0.0
    cpu_s: float = 0.0
    peak_rss_mb: float = 0.0
    peak_processes: int = 0
    max_process_hwm_mb: float = 0.0
    samples: int = 0
    loadavg_before: float = 0.0
    stderr_tail: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def run_measured(
    command: Sequence[str],
    *,
    cwd: str | Path | None = None,
    env: Mapping[str, str] | None = None,
    stdout: str | Path | None = None,
    timeout: float | None = None,
    interval: float = 0.05,
) -> Measurement:
    """Run ``command`` to completion and measure it; its stdout goes to the file ``stdout`` (else nowhere).

    A command still running after ``timeout`` seconds is killed with its whole process group.
    """
    measurement = Measurement(command=[str(part) for part in command], loadavg_before=round(os.getloadavg()[0], 2))
    out = open(stdout, "wb") if stdout is not None else subprocess.DEVNULL  # noqa: SIM115 - closed below
    err_path = Path(stdout).with_suffix(".stderr") if stdout is not None else None
    err = open(err_path, "wb") if err_path is not None else subprocess.PIPE  # noqa: SIM115
    try:
        started = time.perf_counter()
        process = subprocess.Popen(
            measurement.command, cwd=cwd, env=dict(env) if env is not None else None,
            stdin=subprocess.DEVNULL, stdout=out, stderr=err, start_new_session=True,
        )
        sampler = TreeSampler(process.pid, interval)
        sampler.start()
        stderr_bytes = b""
        reader: threading.Thread | None = None
        if err is subprocess.PIPE:
            chunks: list[bytes] = []
            assert process.stderr is not None
            pipe = process.stderr
            reader = threading.Thread(target=lambda: chunks.append(pipe.read()), daemon=True)
            reader.start()
        deadline = None if timeout is None else started + timeout
        rusage = None
        while True:
            pid, status, rusage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if deadline is not None and time.perf_counter() > deadline:
                measurement.status = "timeout"
                os.killpg(process.pid, signal.SIGKILL)
                _, status, rusage = os.wait4(process.pid, 0)
                break
            time.sleep(0.01)
        measurement.wall_s = round(time.perf_counter() - started, 3)
        process.returncode = os.waitstatus_to_exitcode(status)
        sampler.stop()
        # workers that outlived their parent belong to the run too: end them
        for straggler in group_members(process.pid):
            try:
                os.kill(straggler, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if reader is not None:
            reader.join(5)
            stderr_bytes = b"".join(chunks)
        elif err_path is not None:
            err.close()  # type: ignore[union-attr]
            stderr_bytes = err_path.read_bytes()[-4000:]
    finally:
        if stdout is not None:
            out.close()  # type: ignore[union-attr]
        if err_path is not None and not err.closed:  # type: ignore[union-attr]
            err.close()  # type: ignore[union-attr]
    measurement.exit_code = process.returncode
    if measurement.status == "ok" and process.returncode != 0:
        measurement.status = "failed"
    # wait4 counts the descendants that were waited for; the samples also see the ones never waited for
    # (a forkserver's workers), up to their last sample
    waited = rusage.ru_utime + rusage.ru_stime
    sampled = sum(sampler.cpu_ticks.values()) / CLOCK_TICKS
    measurement.cpu_s = round(max(waited, sampled), 3)
    if sampler.peak_or_hwm_kib:
        measurement.peak_rss_mb = round(sampler.peak_or_hwm_kib / 1024, 1)
    else:
        # over before its first sample: wait4's maximum of the largest single process is all there is, and it
        # includes the memory of the forked harness before exec, so it overstates; say where it came from
        measurement.peak_rss_mb = round(rusage.ru_maxrss / 1024, 1)
        measurement.extra["rss_from"] = "wait4 ru_maxrss (too short to sample)"
    measurement.peak_processes = sampler.peak_processes
    measurement.max_process_hwm_mb = round(max(sampler.hwm_kib.values(), default=0) / 1024, 1)
    measurement.samples = sampler.samples
    measurement.stderr_tail = stderr_bytes.decode("utf-8", "replace")[-2000:]
    return measurement
