<?php
declare(strict_types=1);

require __DIR__ . '/src/Bootstrap.php';
require __DIR__ . '/src/Checks.php';

$opts = getopt('', ['path:', 'jobs:']);
$path = $opts['path'] ?? '.';
$jobs = (int)($opts['jobs'] ?? 4);

LintRunner\Bootstrap::init($path);

$files = [];
$it = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($path, FilesystemIterator::SKIP_DOTS));
foreach ($it as $f) {
    if ($f->isFile() && str_ends_with($f->getFilename(), '.php') && !str_contains($f->getPathname(), '/vendor/')) {
        $files[] = $f->getPathname();
    }
}

$errors = [];
foreach (array_chunk($files, max(1, $jobs)) as $chunk) {
    foreach ($chunk as $file) {
        $out = [];
        exec('php -l ' . escapeshellarg($file) . ' 2>&1', $out, $rc);
        if ($rc !== 0) {
            $errors[] = [$file, 'syntax', trim(implode(' ', $out))];
        }
        foreach (LintRunner\Checks::style($file) as $issue) {
            $errors[] = [$file, 'style', $issue];
        }
    }
}

echo "| File | Kind | Message |\n|---|---|---|\n";
foreach ($errors as [$f, $k, $m]) {
    echo "| $f | $k | " . str_replace('|', '\\|', $m) . " |\n";
}
echo count($files) . " files checked, " . count($errors) . " issues\n";
exit($errors ? 1 : 0);
