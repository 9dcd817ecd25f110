#!/bin/sh
# Cortex idle check for Claude Code, written by Cortex Team ("Cortex: Generate Protocol
# File") for {{agent_name}}. Generating the protocol again replaces this file.
#
# Claude Code runs it before each prompt is sent to the model (a UserPromptSubmit hook
# in .claude/settings.json) and passes the prompt as JSON on standard input. Only the
# Cortex heartbeat is ever held back: a prompt whose text starts with "Cortex tick:".
# When the task file below has no line starting with "**Status:** ready" or
# "**Status:** in-progress", there is nothing to do, so the tick is skipped (exit 2,
# which drops the prompt; the reason goes to the terminal, not to the model). Any other
# prompt, such as a person typing, always goes through, and so does a tick when the
# task file is missing or unreadable (the agent then reports what is wrong).

tasks_file={{tasks_path_sh}}

input=$(cat)

# The "prompt" member of the hook input. In valid JSON a quote that is not escaped only
# appears around keys and values, so this cannot match text inside the prompt itself.
if ! printf '%s\n' "$input" | grep -Eq '(^|[{,])[[:space:]]*"prompt"[[:space:]]*:[[:space:]]*"Cortex tick:'; then
  exit 0
fi

if [ ! -r "$tasks_file" ]; then
  exit 0
fi

if grep -Eq '^\*\*Status:\*\* (ready|in-progress)' "$tasks_file"; then
  exit 0
fi

echo "Cortex: idle tick skipped, no ready or in-progress task in $tasks_file" >&2
exit 2
