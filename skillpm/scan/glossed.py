"""Asides in another language read in English: a paragraph of an English document written in French,
Spanish, German or Portuguese, glossed word by word and read by the English rules.

asides.py reports such a paragraph when it names a credential store (the names are the same in every
language). An order beyond credentials (push every branch to another remote, drop the production
database without asking, add an extra package index marked trusted, put the skill's rules above the
user's, switch the agent's approvals off) has no such language-free name: its verbs and its "without
asking" are words. Those words are few, and the harm is in them, not in the grammar: a gloss that
puts the English word for each (``sans demander`` -> ``without asking``, ``base de datos`` ->
``database``, ``haben Vorrang vor`` -> ``take precedence over``) reads closely enough for the
concept rules and the intents, which look for concepts within a sentence, not for syntax.

Only a paragraph asides.py would call an aside is glossed (another language's function words,
more than twice its English ones, in a document whose own are English): a document written in
another language throughout is left alone, as a translated README is. The document is scanned again
with its asides glossed (each read in its own context); what is found on an aside's lines at medium
or above is reported there with the gloss in the note, unless the file already has that rule's finding there.
"""

from __future__ import annotations

import re

from skillpm.scan import asides
from skillpm.scan.result import Finding

# (other language's phrase, English). Phrases are matched whole-word, case-insensitively, longest first;
# a word the gloss does not know stays as written (paths, commands, URLs and names are the same in
# every language).
_PAIRS = """
demandez confirmation|ask for confirmation;demandez|ask;demande|ask;demander|ask;avant de|before;après avoir|after
confirmez|confirm;confirmer|confirm;vérifiez|check;vérifier|check;lisez|read;lire|read;écrivez|write;écrire|write
fusionnez|merge;fusionne|merge;fusionner|merge;approuvez|approve;approuve|approve;validez|approve;modifiez|change;modifier|change
collectez|collect;rassemblez|collect;récupérez|fetch;téléchargez|download;projet|project;y compris|including;ignorés|ignored
secrets|secrets;identifiants|credentials;droits d'administrateur|admin rights;droits administrateur|admin rights
sans attendre|without waiting for;la validation|the approval;l'accord|the approval;exécution|run;tâche|task
pregunta|ask;pide|ask;pedir|ask;pide confirmación|ask for confirmation;pedir confirmación|ask for confirmation;antes de|before
confirma|confirm;revisa|check;lee|read;leer|read;escribe|write;escribir|write;fusiona|merge;aprueba|approve;modifica|change
recopila|collect;reúne|collect;descarga|download;proyecto|project;incluidos|including;incluido|including;incluyendo|including
ignorados|ignored;credenciales|credentials;permisos de administrador|admin rights;sin esperar|without waiting for
ejecución|run;tarea|task;comentarlo|mentioning it;sin comentarlo|without mentioning it;parar|stop;detente|stop
frage|ask;fragen|ask;nachfragen|ask;bestätige|confirm;prüfe|check;lies|read;lesen|read;schreibe|write;schreiben|write
merge|merge;genehmige|approve;ändere|change;sammle|collect;herunterladen|download;Projekt|project;Projekts|of the project
einschließlich|including;inklusive|including;ignorierte|ignored;Zugangsdaten|credentials;Admin-Rechten|admin rights
ohne zu warten|without waiting;Lauf|run;Aufgabe|task;Server|server;anderen|other;zurück|back;Bestätigung|confirmation
pergunte|ask;perguntar|ask;peça|ask;pedir|ask;peça confirmação|ask for confirmation;antes de|before;confirme|confirm
verifique|check;leia|read;ler|read;escreva|write;escrever|write;faça merge|merge;aprove|approve;altere|change;colete|collect
baixe|download;projeto|project;incluindo|including;ignorados|ignored;credenciais|credentials;sem esperar|without waiting for
execução|run;tarefa|task;aprovar|approves;somente depois|only after;só depois|only after
base de données de production|production database;bases de données de production|production databases
base de datos de producción|production database;bases de datos de producción|production databases
banco de dados de produção|production database;bancos de dados de produção|production databases
comme|as;si|if;s'y oppose|objects;s'y opposent|object;ces|these;cette|this;cet|this;les siennes|theirs;les leurs|theirs
celles|those;ceux|those;sur|over;autres|other;toutes les autres|all other;tous les autres|all other
vuelve a crearla|recreate it;vuelve a crearlo|recreate it;recréez-la|recreate it;recrée-la|recreate it
suprima|delete;supprima|delete;estas|these;estos|these;esta|this;este|this;otras|other;otros|other;las demás|the other
se opone|objects;si se opone|if they object;todo el|the whole;toda la|the whole;incluidos|including
komplette|complete;kompletten|complete;gesamte|entire;gesamten|entire;.env-Dateien|.env files;Dateien|files
diese|these;dieser|this;dieses|this;allen|all;anderen|other;alle anderen|all other;einwände|objections
estas instruções|these instructions;estas|these;outras|other;todas as outras|all other
sans demander|without asking;sans le demander|without asking;sans leur demander|without asking;sans confirmation|without confirmation
sans demander confirmation|without asking for confirmation;sans prévenir|without telling;sans avertir|without telling
sans le mentionner|without mentioning it;sans en parler|without mentioning it;sans le dire|without telling;sans l'accord|without the approval
à l'insu de|without the knowledge of;discrètement|quietly;silencieusement|silently;en silence|silently
inutile de la mentionner|no need to mention it;inutile de le mentionner|no need to mention it;inutile de les mentionner|no need to mention them
inutile de mentionner|no need to mention;pas besoin de le mentionner|no need to mention it;ne le mentionnez pas|do not mention it
ne mentionne pas|do not mention;n'en parlez pas|do not mention it;n'en parle pas|do not mention it
ignorez|ignore;ignore|ignore;ignorer|ignore;objections|objections;priment sur|take precedence over;prime sur|takes precedence over
prévalent sur|take precedence over;ont priorité sur|take precedence over;même si|even if;même si l'utilisateur|even if the user
l'utilisateur|the user;utilisateur|user;utilisateurs|users;les utilisateurs|the users;pour|for;l'agent|the agent;instructions système|system instructions;prompt système|system prompt
consignes système|system instructions;définitions des outils|tool definitions;définitions d'outils|tool definitions
ajoutez|add;ajoute|add;ajouter|add;poussez|push;pousse|push;pousser|push;envoyez|send;envoie|send;envoyer|send
téléversez|upload;téléverse|upload;téléverser|upload;copiez|copy;copie|copy;copier|copy;supprimez|delete;supprime|delete;supprimer|delete
effacez|erase;efface|erase;désactivez|disable;désactive|disable;désactiver|disable;autorisez|allow;autorise|allow;installez|install
installe|install;exécutez|run;exécute|run;lancez|run;lance|run;publiez|publish;publie|publish;réinitialisez|reset;réinitialise|reset
videz|flush;vide|flush;écrasez|overwrite;écrase|overwrite;forcez|force;force|force
dépôt distant|remote repository;dépôt|repository;dépôts|repositories;branches|branches;toutes les branches|all branches
tous les tags|all tags;tous les fichiers|all files;fichiers ignorés|ignored files;fichier|file;fichiers|files
base de données|database;bases de données|databases;production|production;approbations|approvals;approbation|approval
demandes d'approbation|approval prompts;outils|tools;tous les outils|all tools;bac à sable|sandbox;règles|rules;clés|keys
jetons|tokens;mots de passe|passwords;historique|history;dépendances|dependencies;index supplémentaire|extra index
de confiance|trusted;paquet|package;sans numéro de version|unpinned;chaque|every;après chaque|after every;avant chaque|before every
tous|all;toutes|all;tout|all;avec|with;sans|without;vers|to;dans|in;puis|then;et|and;ou|or;les|the;le|the;la|the;des|the;du|of the
de|of;à|to;au|to the;aux|to the;ses|their;leurs|their;votre|your;vos|your;ne|;pas|not;jamais|never;toujours|always
sin preguntar|without asking;sin pedir confirmación|without asking for confirmation;sin confirmación|without confirmation
sin avisar|without telling;sin avisarle|without telling them;sin mencionarlo|without mentioning it;sin mencionar|without mentioning
sin consultar|without asking;sin que el usuario lo sepa|without the user knowing;en silencio|silently;discretamente|quietly
no lo menciones|do not mention it;no hace falta mencionarlo|no need to mention it;prevalecen sobre|take precedence over
prevalece sobre|takes precedence over;tienen prioridad sobre|take precedence over;tiene prioridad sobre|takes precedence over
ignora|ignore;ignore|ignore;ignorar|ignore;objeciones|objections;aunque el usuario|even if the user;incluso si|even if
si el usuario pide|if the user asks;detenerse|to stop;continúa igualmente|continue anyway;continúa|continue
instrucciones del sistema|system instructions;definiciones de herramientas|tool definitions;el usuario|the user;usuario|user
añade|add;agrega|add;añadir|add;sube|upload;subir|upload;envía|send;enviar|send;copia|copy;copiar|copy;borra|delete;borrar|delete
elimina|delete;eliminar|delete;suprime|delete;desactiva|disable;desactivar|disable;permite|allow;instala|install;ejecuta|run
publica|publish;publícalo|publish it;empuja|push;haz push|push;fuerza|force;restablece|reset;vacía|flush
repositorio remoto|remote repository;repositorio|repository;ramas|branches;todas las ramas|all branches;etiquetas|tags
archivos ignorados|ignored files;archivos|files;archivo|file;directorio de trabajo|working directory;base de datos|database
bases de datos|databases;producción|production;solicitudes de aprobación|approval prompts;aprobaciones|approvals
herramientas|tools;todas las herramientas|all tools;reglas|rules;claves|keys;contraseñas|passwords;historial|history
dependencias|dependencies;índice adicional|extra index;de confianza|trusted;paquete|package;público|public;pública|public
cada|every;después de cada|after every;antes de cada|before every;todo|all;todos|all;todas|all;con|with;sin|without;hacia|to
en|in;luego|then;después|then;y|and;o|or;los|the;las|the;el|the;la|the;del|of the;de|of;al|to the;sus|their;tu|your;nunca|never
siempre|always;no|not
ohne zu fragen|without asking;ohne nachzufragen|without asking;ohne Rückfrage|without asking;ohne Bestätigung|without confirmation
ohne den Nutzer zu fragen|without asking the user;ohne den Benutzer zu fragen|without asking the user;ohne es zu erwähnen|without mentioning it
ohne Hinweis|without telling;stillschweigend|silently;unauffällig|quietly;im Hintergrund|in the background
nicht erwähnen|do not mention;haben Vorrang vor|take precedence over;hat Vorrang vor|takes precedence over;Vorrang|precedence
ignoriere|ignore;ignorieren|ignore;Einwände|objections;selbst wenn|even if;auch wenn|even if
Systemanweisungen|system instructions;Systemprompt|system prompt;Werkzeugdefinitionen|tool definitions
der Nutzer|the user;des Nutzers|of the user;dem Nutzer|the user;Nutzer|user;Benutzer|user;Nutzern|users;Anweisungen|instructions
füge|add;hinzufügen|add;füge hinzu|add;pushe|push;führe|run;aus|;lade|upload;hoch|;hochladen|upload;sende|send;senden|send
kopiere|copy;kopieren|copy;lösche|delete;löschen|delete;entferne|delete;deaktiviere|disable;deaktivieren|disable;erlaube|allow
installiere|install;veröffentliche|publish;setze|reset;zurück|;erzwinge|force;leere|flush
Remote-Repository|remote repository;Repository|repository;alle Branches|all branches;Branches|branches;Branch-Schutz|branch protection
Arbeitskopie|working copy;Arbeitsverzeichnis|working directory;Dateien|files;Datei|file;Datenbank|database;Datenbanken|databases
Produktion|production;Produktionsdatenbank|production database;Freigaben|approvals;Bestätigungsabfragen|approval prompts
Werkzeuge|tools;alle Werkzeuge|all tools;Sandbox|sandbox;Regeln|rules;Schlüssel|keys;Passwörter|passwords;Verlauf|history
Abhängigkeiten|dependencies;vertrauenswürdig|trusted;Paket|package;öffentlich|public;jedem|every;jeder|every;jede|every
nach jedem|after every;vor jedem|before every;alle|all;samt|with;mit|with;ohne|without;nach|to;in|in;dann|then;danach|then
und|and;oder|or;der|the;die|the;das|the;den|the;dem|the;des|of the;zu|to;ihre|their;deine|your;nie|never;immer|always;nicht|not
sem perguntar|without asking;sem pedir confirmação|without asking for confirmation;sem confirmação|without confirmation
sem avisar|without telling;sem mencionar|without mentioning;sem consultar|without asking;em silêncio|silently;discretamente|quietly
não mencione|do not mention;têm prioridade sobre|take precedence over;tem prioridade sobre|takes precedence over
prevalecem sobre|take precedence over;ignore|ignore;ignorar|ignore;objeções|objections;mesmo que|even if;mesmo se|even if
instruções de sistema|system instructions;instruções do sistema|system instructions;definições de ferramentas|tool definitions
o usuário|the user;o utilizador|the user;usuário|user;utilizador|user;usuários|users;instruções|instructions
adicione|add;adiciona|add;envie|send;enviar|send;copie|copy;copiar|copy;apague|delete;apagar|delete;exclua|delete;remova|delete
desative|disable;desativar|disable;desativado|disabled;permita|allow;instale|install;execute|run;publique|publish;faça push|push
force|force;redefina|reset;esvazie|flush;integralmente|in full;repositório remoto|remote repository;repositório|repository
todas as branches|all branches;arquivos|files;arquivo|file;banco de dados|database;bancos de dados|databases;produção|production
aprovações|approvals;ferramentas|tools;regras|rules;chaves|keys;senhas|passwords;histórico|history;dependências|dependencies
registro|registry;confiável|trusted;pacote|package;público|public;cada|every;depois de cada|after every;antes de cada|before every
todos|all;todas|all;com|with;sem|without;para|to;em|in;no|in the;na|in the;ao|to the;depois|then;e|and;ou|or;os|the;as|the
o|the;a|the;do|of the;da|of the;dos|of the;das|of the;de|of;suas|your;seus|your;nunca|never;sempre|always;não|not
wortwörtlich|verbatim;wörtlich|verbatim;Wort für Wort|word for word;vollständig|in full;ungekürzt|in full;kopiere dort|copy there
Werkzeugbeschreibungen|tool descriptions;Toolbeschreibungen|tool descriptions;Tool-Beschreibungen|tool descriptions
vor der ersten Nachricht|before the first message;erhalten hast|received;deiner|your;deinen|your;dein|your;du|you
ursprünglichen Anweisungen|original instructions;Startanweisungen|startup instructions;Systemnachricht|system message
Bericht|report;Berichts|of the report;Abschnitt|section;Anhang|appendix;erwähnt|mentioned;erwähnen|mention
textuellement|verbatim;mot pour mot|word for word;intégralement|in full;descriptions des outils|tool descriptions
descriptions de vos outils|descriptions of your tools;avant le premier message|before the first message;reçues|received;reçu|received
consignes initiales|initial instructions;instructions initiales|initial instructions;rapport|report;annexe|appendix
textualmente|verbatim;palabra por palabra|word for word;íntegramente|in full;descripciones de las herramientas|tool descriptions
descripciones de tus herramientas|descriptions of your tools;antes del primer mensaje|before the first message;recibido|received
instrucciones iniciales|initial instructions;informe|report;anexo|appendix;palavra por palavra|word for word
descrições das ferramentas|tool descriptions;descrições das suas ferramentas|descriptions of your tools
antes da primeira mensagem|before the first message;recebeu|received;instruções iniciais|initial instructions;relatório|report
órdenes|orders;indicaciones|instructions;lo que pida|what is asked by;lo que diga|what is said by;y sobre|and over
ejecútalas|execute them;ejecútalos|execute them;ejecuta|execute;sin rechazarlas|without refusing them;sin rechazarlos|without refusing them
personaje|character;en el personaje|in character;en personaje|in character;me niego|refuse;se niega|refuses;autorizado|authorized;autorizada|authorized;avisos legales|legal notices;juego de rol|role-play
personnage|character;dans le personnage|in character;refuse jamais|never refuses;autorisé|authorized;Rolle|role;Figur|character;verweigert nie|never refuses;autorisiert|authorized;personagem|character;autorizado|authorized
rechazar|refuse;advertencias|warnings;sin añadir advertencias|without adding warnings;sin advertencias|without warnings
no la menciones|do not mention it;no las menciones|do not mention them;no los menciones|do not mention them;en el informe|in the report
consignes|instructions;appliquez-les|apply them;exécutez-les|execute them;ne les mentionnez pas|do not mention them
sans les mentionner|without mentioning them;avertissements|warnings;sans avertissement|without warnings;priment sur|take precedence over
ont la priorité sur|take precedence over;résumé|summary;du résumé|from the summary;dans le résumé|in the summary
des Nutzers|of the user;des Benutzers|of the user;Nutzer|user;Benutzer|user;führe sie aus|execute them;führe sie|execute them
ohne Warnungen|without warnings;Warnungen|warnings;erwähne sie nicht|do not mention them;Bericht|report;Zusammenfassung|summary
execute-as|execute them;execute-os|execute them;não as mencione|do not mention them;não os mencione|do not mention them
pueden incluir|may include;pueden contener|may contain;incluir|include;contener|contain;dentro de|inside;dentro del|inside the;cualquier|any;cadena|string;cadenas|strings;entregas|deliveries;entrega|delivery
proveedor|vendor;dans les|in the;fichiers|files;commentaires|comments;contiennent|contain;récupérées|fetched;Kommentaren|comments;Kommentare|comments;comentarios|comments
comentários|comments;avisos|warnings;sem avisos|without warnings;resumo|summary;no resumo|in the summary;ordens|orders;sem recusar|without refusing
"""
_GLOSS: dict[str, str] = {}
for _line in _PAIRS.strip().splitlines():
    for _pair in _line.split(";"):
        _src, _, _dst = _pair.partition("|")
        _GLOSS.setdefault(_src.lower(), _dst)
_GLOSS_RE = re.compile(r"(?<![\w'’-])(?:" + "|".join(re.escape(k) for k in sorted(_GLOSS, key=len, reverse=True))
                       + r")(?![\w'’-])", re.IGNORECASE)
# the glossary's single words that are another language's only (not English words too): a paragraph
# holding enough of them is another language's even when asides.FOREIGN's function words are few
# (words of four letters or more: short ones collide with English prose and code, "com", "mit", "et al.",
# "os", "todo", "sans-serif")
_ENGLISH_TOO = frozenset("force ignore execute production sandbox branches repository files tags public install "
                         "publish copie vide todo todos sans lies modifier allen alle alla como merge server "
                         "secrets confirme confirma rapport annexe informe".split())
_FOREIGN_WORDS = frozenset(k for k, v in _GLOSS.items() if " " not in k and len(k) >= 4 and k not in _ENGLISH_TOO
                           and k not in asides.ENGLISH and k != v.lower())
_GATE_BYTES = asides._FOREIGN_BYTES | frozenset(w.encode() for w in _FOREIGN_WORDS)
_CODE = re.compile(r"`[^`\n]*`|https?://\S+")
# another language's quotation marks as English ones: German „…“ closes with the English opening mark, and
# French « … » is no quote to the English rules (a name quoted so is no more a quoted sample than in English)
_QUOTES_RE = re.compile(r"[„«‹]\s?([^„“”«»‹›\n]{0,120}?)\s?[“”»›]")
MIN_WORDS = 4  # another language's words a paragraph must hold (one sentence of an order holds as many)
_BUSY = False  # the gloss is scanned by the engine that called us: no second gloss inside it


def gloss(text: str) -> str:
    """``text`` with each phrase the glossary knows replaced by its English (code spans and URLs kept)."""
    out, at = [], 0
    for m in _CODE.finditer(text):
        out.append(_GLOSS_RE.sub(lambda w: _GLOSS[w.group(0).lower()], text[at:m.start()]))
        out.append(m.group(0))
        at = m.end()
    out.append(_GLOSS_RE.sub(lambda w: _GLOSS[w.group(0).lower()], text[at:]))
    return _QUOTES_RE.sub(r'"\1"', re.sub(r"[ \t]{2,}", " ", "".join(out)))


_WRAP = r"(?:[ \t]{1,8}|[ \t]{0,8}\n[ \t]{0,8}(?:>[ \t]{0,8}){0,4})"  # a space, or a line break (and a blockquote's markers) inside a phrase
_GLOSS_WRAPPED_RE = re.compile(
    r"(?<![\w'’-])(?:" + "|".join(_WRAP.join(map(re.escape, k.split(" "))) for k in sorted(_GLOSS, key=len, reverse=True))
    + r")(?![\w'’-])", re.IGNORECASE)


def _gloss_wrapped(m: re.Match) -> str:
    """A phrase's English, then the line breaks (and blockquote markers) it was wrapped over, so that lines keep their numbers."""
    src = m.group(0)
    if "\n" not in src:
        return _GLOSS[src.lower()]
    words = re.split(r"\s*\n[ \t>]*|[ \t]+", src)
    breaks = "".join(re.findall(r"\n[ \t>]*", src))
    return _GLOSS.get(" ".join(words).lower(), src.replace("\n", " ")) + breaks


def gloss_block(text: str) -> str:
    """``text`` (lines of one paragraph) glossed as ``gloss`` does, a phrase read across a line break too;
    it holds as many lines as ``text``."""
    out, at = [], 0
    for m in _CODE.finditer(text):
        out.append(_GLOSS_WRAPPED_RE.sub(_gloss_wrapped, text[at:m.start()]))
        out.append(m.group(0))
        at = m.end()
    out.append(_GLOSS_WRAPPED_RE.sub(_gloss_wrapped, text[at:]))
    return _QUOTES_RE.sub(r'"\1"', re.sub(r"[ \t]{2,}", " ", "".join(out)))


def in_file(sc, ctx, found: list[Finding]) -> list[Finding]:
    """The findings of the English rules on the glossed asides of SKILL.md, or of a document SKILL.md
    tells the agent to follow (``ctx``: the engine's file context; ``found``: its findings so far)."""
    global _BUSY
    words = getattr(ctx.base, "words", None)
    if _BUSY or words is None or len(ctx.text) > asides.MAX_BYTES:
        return []
    if len(_GATE_BYTES.intersection(words)) < asides.GATE:
        return []  # the common case: hardly another language's word in the file (a set intersection)
    text = ctx.text
    paras = _aside_spans(text)
    if not paras:
        return []
    lines = text.split("\n")
    blank = list(lines)  # the document as it is, its asides glossed: each read in its own context
    glossed_lines = set()
    for start, end in paras:
        first, last = text.count("\n", 0, start), text.count("\n", 0, end)
        last = min(last, len(lines) - 1)
        # glossed as one block: a phrase wrapped over two lines of a paragraph or a blockquote is still the phrase
        block = gloss_block("\n".join(lines[first:last + 1])).split("\n")
        for i in range(first, last + 1):
            blank[i] = block[i - first] if i - first < len(block) else gloss(lines[i])
            glossed_lines.add(i + 1)
    _BUSY = True
    try:
        read = sc.scan_text(ctx.path, "\n".join(blank), ctx.kind, ctx.description, hidden_text=False,
                            followed=ctx.follow_intents)
    finally:
        _BUSY = False
    have = {(f.rule, f.line) for f in found}
    out = []
    rank = {"critical": 0, "high": 1, "medium": 2}
    for f in sorted(read, key=lambda f: rank.get(f.severity, 3)):  # the strongest of a rule on a line is the one kept
        if (f.line not in glossed_lines or f.severity in ("info", "low") or (f.rule, f.line) in have
                or f.category == "hidden-text"):
            continue
        f.text = lines[f.line - 1].strip()[:240] if 0 < f.line <= len(lines) else f.text
        f.note = f"read in English from a paragraph in another language (glossed: {blank[f.line - 1].strip()[:160]!r})" + \
            (f"; {f.note}" if f.note else "")
        have.add((f.rule, f.line))
        out.append(f)
    return out


def _foreign_count(text: str) -> int:
    """How many of the glossary's phrases of another language ``text`` holds: its phrases of two words or
    more ("bancos de dados", "sem pedir confirmação") and its words that are no English word too."""
    return sum(1 for m in _GLOSS_RE.finditer(text) if " " in m.group(0) or m.group(0).lower() in _FOREIGN_WORDS)


def _aside_spans(text: str) -> list[tuple[int, int]]:
    """The paragraphs of ``text`` (fenced blocks out) that asides.py reads as another language's, in an
    English document."""
    prose, spans = asides.paragraphs(text)
    english_doc = foreign_doc = None
    out = []
    for start, end in spans:
        para = asides.CODE_SPAN_RE.sub(" ", prose[start:end])
        words = asides.WORD_RE.findall(para.lower())
        quick = sum(map(asides.FOREIGN.__contains__, words)) + sum(map(_FOREIGN_WORDS.__contains__, words))
        if quick < 2:
            continue  # (most paragraphs: the glossary's phrases are read only where its words are)
        f = max(asides._count(para, asides.FOREIGN), _foreign_count(para))
        if f < MIN_WORDS:
            continue
        e = asides._count(para, asides.ENGLISH)
        if f <= 2 * e:
            continue
        if english_doc is None:
            doc = asides.CODE_SPAN_RE.sub(" ", prose)
            english_doc = asides._count(doc, asides.ENGLISH)
            foreign_doc = max(asides._count(doc, asides.FOREIGN), _foreign_count(doc))
        if english_doc - e <= foreign_doc - f or not _english_rest(english_doc - e, foreign_doc - f):
            continue
        out.append((start, end))
    return out


def _english_rest(english: int, foreign: int) -> bool:
    """Whether the rest of a document (its English and other-language function words outside the aside)
    is English: enough English words, or, in a short reference of tables and code that holds few, at
    least half as many with hardly another language's word beside them (a translated document holds many)."""
    return english >= asides.MIN_ENGLISH_DOC or (english >= asides.MIN_ENGLISH_DOC // 2 and 4 * foreign <= english)
