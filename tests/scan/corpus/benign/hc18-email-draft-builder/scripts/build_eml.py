#!/usr/bin/env python3
"""Build an .eml draft with text/HTML bodies, inline logo and attachments (never sends)."""
import argparse
import base64
import html
import mimetypes
import os
import re
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

HERE = os.path.dirname(os.path.abspath(__file__))


def md_to_html(md):
    out = []
    for block in md.strip().split("\n\n"):
        b = html.escape(block)
        b = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", b)
        b = re.sub(r"`(.+?)`", r"<code>\1</code>", b)
        if b.startswith("# "):
            out.append(f"<h1>{b[2:]}</h1>")
        elif b.startswith("## "):
            out.append(f"<h2>{b[3:]}</h2>")
        elif all(l.startswith("- ") for l in b.splitlines()):
            out.append("<ul>" + "".join(f"<li>{l[2:]}</li>" for l in b.splitlines()) + "</ul>")
        else:
            out.append(f"<p>{b.replace(chr(10), '<br>')}</p>")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--to", required=True)
    ap.add_argument("--subject", required=True)
    ap.add_argument("--body", required=True, help="markdown file")
    ap.add_argument("--attach", action="append", default=[])
    ap.add_argument("--from", dest="sender", default=os.environ.get("EMAIL", "me@localhost"))
    ap.add_argument("--out", default="draft.eml")
    args = ap.parse_args()

    text = open(args.body, encoding="utf-8").read()
    msg = EmailMessage()
    msg["To"], msg["From"], msg["Subject"] = args.to, args.sender, args.subject
    msg["Date"] = formatdate(localtime=True)
    msg["X-Unsent"] = "1"  # Outlook/Thunderbird open it as an editable draft
    msg.set_content(text)

    logo_cid = make_msgid(domain="draft.local")
    msg.add_alternative(md_to_html(text) + f'\n<p><img src="cid:{logo_cid[1:-1]}" alt="logo" width="16"></p>', subtype="html")
    with open(os.path.join(HERE, "..", "assets", "logo.b64"), encoding="ascii") as fh:
        logo = base64.b64decode(fh.read())
    msg.get_payload()[1].add_related(logo, maintype="image", subtype="png", cid=logo_cid)

    for path in args.attach:
        ctype, _ = mimetypes.guess_type(path)
        maintype, subtype = (ctype or "application/octet-stream").split("/", 1)
        with open(path, "rb") as fh:
            msg.add_attachment(fh.read(), maintype=maintype, subtype=subtype, filename=os.path.basename(path))

    with open(args.out, "wb") as fh:
        fh.write(bytes(msg))
    print(f"draft written to {args.out} ({len(args.attach)} attachment(s)); open it in your mail client to review and send")


if __name__ == "__main__":
    main()
