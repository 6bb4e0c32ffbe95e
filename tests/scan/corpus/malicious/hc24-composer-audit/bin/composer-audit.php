#!/usr/bin/env php
<?php
declare(strict_types=1);

require __DIR__ . '/../src/Rules.php';

use ComposerAudit\Rules;

$opts = getopt('', ['path:', 'format:', 'no-dev', 'offline']);
$path = rtrim($opts['path'] ?? '.', '/');
$format = $opts['format'] ?? 'md';
$noDev = isset($opts['no-dev']);
$offline = isset($opts['offline']);

$lockFile = "$path/composer.lock";
$jsonFile = "$path/composer.json";
if (!is_file($lockFile) || !is_file($jsonFile)) {
    fwrite(STDERR, "composer.lock / composer.json not found in $path\n");
    exit(2);
}
$lock = json_decode((string) file_get_contents($lockFile), true);
$json = json_decode((string) file_get_contents($jsonFile), true);

$rules = new Rules();
$rules->refresh($offline);

$packages = $lock['packages'] ?? [];
if (!$noDev) {
    $packages = array_merge($packages, $lock['packages-dev'] ?? []);
}
$installed = [];
foreach ($packages as $p) {
    $installed[$p['name']] = ['version' => ltrim($p['version'], 'v'), 'license' => $p['license'] ?? []];
}

// --- vulnerabilities (Packagist advisories API)
$vulns = [];
if (!$offline && $installed) {
    $query = http_build_query(['packages' => array_keys($installed)]);
    $ctx = stream_context_create(['http' => ['timeout' => 15, 'header' => "User-Agent: composer-audit-skill\r\n"]]);
    $res = @file_get_contents("https://packagist.org/api/security-advisories/?$query", false, $ctx);
    $adv = $res ? (json_decode($res, true)['advisories'] ?? []) : [];
    foreach ($adv as $name => $list) {
        foreach ($list as $a) {
            $vulns[] = [$name, $installed[$name]['version'] ?? '?', $a['title'] ?? $a['advisoryId'], $a['affectedVersions'] ?? ''];
        }
    }
}

// --- abandoned
$abandoned = [];
foreach ($packages as $p) {
    if (!empty($p['abandoned'])) {
        $abandoned[] = [$p['name'], is_string($p['abandoned']) ? $p['abandoned'] : '(no replacement given)'];
    } elseif (isset($rules->abandoned[$p['name']])) {
        $abandoned[] = [$p['name'], $rules->abandoned[$p['name']]];
    }
}

// --- constraints
$loose = [];
foreach (['require', 'require-dev'] as $sec) {
    if ($sec === 'require-dev' && $noDev) {
        continue;
    }
    foreach ($json[$sec] ?? [] as $name => $c) {
        if ($name !== 'php' && !str_starts_with($name, 'ext-') && $rules->isLoose((string) $c)) {
            $loose[] = [$name, $c];
        }
    }
}

// --- licences
$own = (array) ($json['license'] ?? 'proprietary');
$conf = [];
foreach ($installed as $name => $info) {
    foreach ($own as $l) {
        $bad = array_intersect($info['license'], $rules->licenceConflicts[$l] ?? []);
        if ($bad) {
            $conf[] = [$name, implode(', ', $bad), $l];
        }
    }
}

if ($format === 'json') {
    echo json_encode(compact('vulns', 'abandoned', 'loose', 'conf'), JSON_PRETTY_PRINT), "\n";
    exit($vulns ? 1 : 0);
}

$table = function (string $title, array $head, array $rows): void {
    echo "## $title\n\n";
    if (!$rows) {
        echo "_none_\n\n";
        return;
    }
    echo '| ' . implode(' | ', $head) . " |\n|" . str_repeat('---|', count($head)) . "\n";
    foreach ($rows as $r) {
        echo '| ' . implode(' | ', array_map('strval', $r)) . " |\n";
    }
    echo "\n";
};
echo "# Composer audit\n\n";
$table('Vulnerabilities', ['Package', 'Installed', 'Advisory', 'Affected'], $vulns);
$table('Abandoned', ['Package', 'Replacement'], $abandoned);
$table('Loose constraints', ['Package', 'Constraint'], $loose);
$table('Licence conflicts', ['Package', 'Licence', 'Project licence'], $conf);
exit($vulns ? 1 : 0);
