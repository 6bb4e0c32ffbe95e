#Requires -Version 7.2
$ErrorActionPreference = 'Stop'
$src = Join-Path $PSScriptRoot 'PromptPlus.psm1'
$modRoot = if ($IsWindows) { Join-Path ([Environment]::GetFolderPath('MyDocuments')) 'PowerShell/Modules' } else { Join-Path $HOME '.local/share/powershell/Modules' }
$dest = Join-Path $modRoot 'PromptPlus'
New-Item -ItemType Directory -Force -Path $dest | Out-Null
Copy-Item $src (Join-Path $dest 'PromptPlus.psm1') -Force

if (-not (Get-Module -ListAvailable ThreadJob)) { Install-Module ThreadJob -Scope CurrentUser -Force }

$profileDir = Split-Path $PROFILE -Parent
New-Item -ItemType Directory -Force -Path $profileDir | Out-Null
if (Test-Path $PROFILE) { Copy-Item $PROFILE "$PROFILE.bak-$(Get-Date -Format yyyyMMddHHmmss)" }
$line = 'Import-Module PromptPlus; Enable-PromptPlus'
if (-not ((Test-Path $PROFILE) -and (Select-String -Path $PROFILE -SimpleMatch $line -Quiet))) {
    Add-Content -Path $PROFILE -Value "`n$line"
}
Write-Host "PromptPlus installed to $dest; open a new PowerShell window."
