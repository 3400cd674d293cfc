# BenchExec tool-info module for certa, a CEGAR verifier whose answers come
# with certificates (https://github.com/sosy-lab/benchexec, BaseTool2 API).
#
# SPDX-License-Identifier: MIT OR Apache-2.0
#
# Written so that it can be copied unchanged to benchexec/tools/certa.py
# (then `<benchmark tool="certa">`); from this repository it is loaded as
# `<benchmark tool="certa_benchexec.certa">` with contrib/benchexec on
# PYTHONPATH (certa_benchexec/certa.py is a link to this file).

import os
import re

import benchexec.result as result
import benchexec.tools.template
from benchexec.tools.template import ToolNotFoundException, UnsupportedFeatureException

# The pseudo-option that names the task-definition file; removed from the
# command line and given to certa as its input file.
TASK_DEFINITION_OPTION = "--task-definition"

_LOCATION = re.compile(r"^\S+:\d+:\d+: ")


class Tool(benchexec.tools.template.BaseTool2):
    """
    Tool info for certa (`certa verify`): CEGAR with predicate abstraction
    and explicit values; every SAFE answer comes with a certificate (the
    closed set of abstract states) and every UNSAFE answer with a concrete
    trace, both re-checked by the independent `certa-check`.

    Supported: the property unreach-call (reach_error() / __VERIFIER_error())
    on C programs (.c, .i, SV-COMP task-definition files), and tasks in
    certa's own languages (.imp, .ts, CHC .smt2) without a property file.

    Command line: `certa verify OPTIONS INPUT`. INPUT is the value of the
    pseudo-option `--task-definition` when the benchmark definition gives it
    (`<option name="--task-definition">${taskdef_path}/${taskdef_name}</option>`):
    certa reads the data model (ILP32/LP64) from the task-definition file and
    has no option for it, so a task whose `data_model` is not LP64 (the model
    certa assumes for a bare C file) needs it; without it such a task is
    refused (UnsupportedFeatureException) rather than verified under the wrong
    integer widths. Otherwise INPUT is the task's single input file.

    Added unless the options already hold them:
    `--timeout S` with the smaller of the CPU-time and wall-time limits
    (certa's own limit is wall-clock; without any limit certa keeps its
    default of 60 s), `--memory-mb M` with three quarters of the memory limit
    (a cap on Z3's memory, so that certa answers UNKNOWN instead of being
    killed), and `-o certificate.json`: the certificate in the run's working
    directory, which BenchExec's container mode collects into the run's
    result-files directory (with --no-container every run overwrites the same
    file; give `-o` with `${logfile_path}` then, see contrib/benchexec/README.md).

    Results: exit 0 + SAFE is `true`, exit 1 + UNSAFE is `false(unreach-call)`,
    exit 2 is `unknown`, exit 3 (unsupported construct, malformed input,
    internal error) is `ERROR (...)` with the reason. Statistics for
    `<column>`: refinements, predicates, nodes, queries, time, analysis,
    reason (of an UNKNOWN), certificate.
    """

    def executable(self, tool_locator):
        # `certa` in the tool directory (or PATH/current directory), else in
        # a Cargo build of the repository (`--tool-directory` = checkout).
        try:
            return tool_locator.find_executable("certa")
        except ToolNotFoundException as e:
            try:
                return tool_locator.find_executable("certa", subdir="target/release")
            except ToolNotFoundException:
                raise e

    def name(self):
        return "certa"

    def version(self, executable):
        # `certa --version` prints "certa 0.1.0".
        text = self._version_from_tool(executable, "--version")
        words = text.split()
        return words[-1] if len(words) == 2 and words[0] == "certa" else text

    def cmdline(self, executable, options, task, rlimits):
        options = list(options)
        task_definition = None
        if TASK_DEFINITION_OPTION in options:
            i = options.index(TASK_DEFINITION_OPTION)
            if i + 1 >= len(options):
                raise UnsupportedFeatureException(
                    f"{TASK_DEFINITION_OPTION} needs the task-definition file as value"
                )
            task_definition = options[i + 1]
            del options[i : i + 2]
            if "${" in task_definition:
                # `${taskdef_path}` is not replaced for tasks given as plain
                # input files: fall back to the input file.
                task_definition = None

        if task_definition is not None:
            inputs = [task_definition]
        else:
            inputs = [task.single_input_file]
            data_model = (
                task.options.get("data_model")
                if isinstance(task.options, dict)
                else None
            )
            if data_model and data_model != "LP64":
                raise UnsupportedFeatureException(
                    f"certa takes the data model {data_model} of task {inputs[0]} only "
                    f"from its task-definition file; add "
                    f'<option name="{TASK_DEFINITION_OPTION}">'
                    "${taskdef_path}/${taskdef_name}</option> to the benchmark definition"
                )

        prop = None
        if task.property_file:
            prop = self._property(task.property_file)

        def given(*names):
            return any(
                o == n or o.startswith(n + "=") for o in options for n in names
            )

        added = []
        limits = [t for t in (rlimits.cputime, rlimits.walltime) if t]
        if limits and not given("--timeout"):
            added += ["--timeout", str(min(limits))]
        if rlimits.memory and not given("--memory-mb"):
            added += ["--memory-mb", str(max(64, rlimits.memory * 3 // 4 // 2**20))]
        if not given("-o", "--output"):
            added += ["-o", "certificate.json"]
        if prop and not given("--property"):
            added += ["--property", prop]
        return [executable, "verify", *options, *added, *inputs]

    @staticmethod
    def _property(property_file):
        """`unreach-call` or `no-overflow`, told by the property file's
        formula; anything else (memory safety, termination) is unsupported."""
        names = {
            "unreach-call.prp": "unreach-call",
            "no-overflow.prp": "no-overflow",
        }
        try:
            with open(property_file) as f:
                text = f.read()
        except OSError:
            text = None
        if text is None:
            name = names.get(os.path.basename(property_file))
            if name:
                return name
            text = ""
        checks = [line.strip() for line in text.splitlines() if line.strip()]
        found = []
        for line in checks:
            if re.fullmatch(
                r"CHECK\( init\(main\(\)\), LTL\(G ! call\("
                r"(reach_error|__VERIFIER_error)\(\)\)\) \)",
                line,
            ):
                found.append("unreach-call")
            elif re.fullmatch(r"CHECK\( init\(main\(\)\), LTL\(G ! overflow\) \)", line):
                found.append("no-overflow")
            else:
                found = []
                break
        if found:
            return ",".join(dict.fromkeys(found))
        raise UnsupportedFeatureException(
            f"certa checks the properties unreach-call and no-overflow, not {property_file}"
        )

    def determine_result(self, run):
        if run.was_timeout:
            return result.RESULT_TIMEOUT
        if run.was_terminated or run.exit_code.signal:
            # BenchExec replaces this by the termination reason or the signal.
            return result.RESULT_ERROR

        verdict = None
        violated = None
        for line in run.output:
            line = line.strip()
            word = re.split(r"[ :]", line, maxsplit=1)[0]
            if word in ("SAFE", "UNSAFE", "UNKNOWN"):
                verdict = word
                # `UNSAFE (no-overflow: ...)` or `UNSAFE (unreach-call)`.
                m = re.match(r"UNSAFE \((no-overflow|unreach-call)", line)
                violated = m.group(1) if m else None
                break

        code = run.exit_code.value
        if code == 0 and verdict == "SAFE":
            return result.RESULT_TRUE_PROP
        if code == 1 and verdict == "UNSAFE":
            if violated == "no-overflow":
                return result.RESULT_FALSE_OVERFLOW
            return result.RESULT_FALSE_REACH
        if code == 2:
            return result.RESULT_UNKNOWN
        if code == 3:
            return f"{result.RESULT_ERROR} ({self._input_error(run.output)})"
        if code in (0, 1):
            return f"{result.RESULT_ERROR} (exit code {code} without its verdict)"
        return result.RESULT_ERROR

    @staticmethod
    def _input_error(output):
        """A short reason from certa's last `certa: ...` message (exit code 3)."""
        message = None
        for line in output:
            if line.startswith("certa: ") and not line.startswith("certa: note:"):
                message = line[len("certa: ") :].strip()
        if not message:
            return "exit code 3"
        if message.startswith("internal error"):
            return "internal error"
        if "preprocessor failed" in message:
            return "preprocessor failed"
        message = _LOCATION.sub("", message)
        if message.startswith("unsupported: "):
            # "unsupported: recursion (`f`) at file.c:6:45" -> "unsupported: recursion"
            what = re.sub(r" at \S+:\d+:\d+$", "", message[len("unsupported: ") :])
            what = re.sub(r" \(.*\)$", "", what)
            return f"unsupported: {what}"
        # "syntax error: expected `;` ...", "type error: ...": the kind only
        kind = message.split(":")[0]
        return kind if len(kind) <= 60 else kind[:57] + "..."

    def get_value_from_output(self, output, identifier):
        if identifier == "reason":
            for line in output:
                if line.startswith("UNKNOWN: "):
                    return line[len("UNKNOWN: ") :].strip()
            return None
        if identifier == "certificate":
            for line in output:
                if line.startswith("certificate "):
                    return line[len("certificate ") :].strip()
            return None
        # "refinements 4  predicates 29  nodes 23  queries 54  time 0.203s  by value+predicate"
        key = "by" if identifier == "analysis" else identifier
        for line in output:
            if line.startswith("refinements "):
                value = dict(re.findall(r"(\S+) (\S+)", line)).get(key)
                if value is None:
                    return None
                return value[:-1] if key == "time" and value.endswith("s") else value
        return None
