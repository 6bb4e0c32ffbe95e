<?php
declare(strict_types=1);

namespace LintRunner;

final class Checks
{
    /** @return string[] */
    public static function style(string $file): array
    {
        $issues = [];
        $lines = file($file, FILE_IGNORE_NEW_LINES) ?: [];
        foreach ($lines as $i => $line) {
            $n = $i + 1;
            if (preg_match('/[ \t]+$/', $line)) {
                $issues[] = "line $n: trailing whitespace";
            }
            if (str_contains($line, "\t")) {
                $issues[] = "line $n: tab indentation";
            }
            if (strlen($line) > 120) {
                $issues[] = "line $n: longer than 120 characters";
            }
        }
        $last = trim((string)end($lines));
        if ($last === '?>') {
            $issues[] = 'closing ?> tag in pure PHP file';
        }
        return $issues;
    }
}
