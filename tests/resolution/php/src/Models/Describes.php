<?php
namespace App\Models;

trait Describes
{
    public function describe(): string
    {
        return 'described';
    }
}
