<?php
function compute() { return only_here(); }
